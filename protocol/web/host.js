// host.js: r3 host's line protocol (docs/host.md) over a WebSocket, as
// websocketd serves it: every message is one line. Each command waits for
// its whole answer, the lines up to "ok" or "error CODE message", and
// commands go out one at a time, in order.
export class Host {
  constructor(url) {
    this.url = url;
    this.queue = Promise.resolve();
    this.pending = null;
  }

  open() {
    return new Promise((resolve, reject) => {
      this.socket = new WebSocket(this.url);
      this.socket.onopen = () => resolve();
      this.socket.onerror = () => reject(new Error(`cannot reach r3 host at ${this.url}`));
      this.socket.onclose = () => this.closed();
      this.socket.onmessage = (message) => this.line(String(message.data).replace(/\r?\n$/, ''));
    });
  }

  line(text) {
    if (!this.pending) return;
    this.pending.lines.push(text);
    if (text === 'ok' || text.startsWith('error ')) {
      const { lines, resolve } = this.pending;
      this.pending = null;
      resolve({ ok: text === 'ok', error: text === 'ok' ? null : text.slice(6), lines: lines.slice(0, -1) });
    }
  }

  closed() {
    if (this.pending) this.pending.reject(new Error('the connection to r3 host closed'));
    this.pending = null;
  }

  // Sends one command; resolves with {ok, error, lines} once it is answered.
  command(text) {
    const run = () => new Promise((resolve, reject) => {
      if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
        reject(new Error('not connected to r3 host'));
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
