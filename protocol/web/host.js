// host.js: r3 host's line protocol (docs/host.md) over a WebSocket, as
// r3 web serves it: every message is one line. Each command waits for
// its whole answer, the lines up to "ok" or "error CODE message", and
// commands go out one at a time, in order.
//
// The connection can end at any time: the host writes "bye REASON | SENTENCE"
// and exits (r3 host --restricted closes a game nobody sent a line to for a
// while), or the socket just closes. Then the command waiting for its answer,
// and every command after it, is rejected with the sentence, and onclose(sentence)
// is called once. open() connects again, a new host with no game.
export const CLOSED = 'The connection to the server closed.';

export class Host {
  constructor(url) {
    this.url = url;
    this.queue = Promise.resolve();
    this.pending = null;
    this.socket = null;
    this.reason = CLOSED; /* why it is not connected, while it is not */
    this.onclose = () => {};
  }

  get connected() { return this.socket !== null; }

  open() {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url);
      this.socket = socket;
      this.reason = CLOSED;
      let opened = false;
      socket.onopen = () => { opened = true; resolve(); };
      socket.onclose = (event) => {
        if (!opened) this.reason = `Cannot reach the server at ${this.url}.`;
        if (this.reason === CLOSED && event.reason) this.reason = event.reason; /* "the server is full: ..." */
        this.closed(socket, this.reason);
        if (!opened) reject(new Error(this.reason));
      };
      socket.onmessage = (message) => this.line(socket, String(message.data).replace(/\r?\n$/, ''));
    });
  }

  line(socket, text) {
    if (socket !== this.socket) return;
    if (text.startsWith('bye ')) {
      const bar = text.indexOf(' | ');
      this.closed(socket, bar >= 0 && text.slice(bar + 3).trim() ? text.slice(bar + 3).trim() : CLOSED);
      socket.close();
      return;
    }
    if (!this.pending) return;
    this.pending.lines.push(text);
    if (text === 'ok' || text.startsWith('error ')) {
      const { lines, resolve } = this.pending;
      this.pending = null;
      resolve({ ok: text === 'ok', error: text === 'ok' ? null : text.slice(6), lines: lines.slice(0, -1) });
    }
  }

  // The end of this socket's connection, told once: a later socket's is its own.
  closed(socket, reason) {
    if (socket !== this.socket) return;
    this.socket = null;
    this.reason = reason;
    if (this.pending) this.pending.reject(new Error(reason));
    this.pending = null;
    this.onclose(reason);
  }

  // Sends one command; resolves with {ok, error, lines} once it is answered.
  command(text) {
    const run = () => new Promise((resolve, reject) => {
      if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
        reject(new Error(this.socket ? 'not connected to r3 host' : this.reason));
        return;
      }
      this.pending = { lines: [], resolve, reject };
      this.socket.send(text);
    });
    const answer = this.queue.then(run, run);
    this.queue = answer.catch(() => {});
    return answer;
  }
}
