/*
 * test_relay.c: the bytes between r3 web's sockets and their hosts
 * (protocol/web/relay.h): a text message is one line whatever it holds, a
 * binary one the line "binary-frame N" counted over its pieces, and a line
 * of the host's output one message, in pieces when long.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "protocol/web/relay.h"

/* The queue's bytes as a string, and the queue emptied. */
static const char *taken(struct relay_bytes *q)
{
    static char text[256];
    assert_true(q->length < sizeof text);
    memcpy(text, relay_head(q), q->length);
    text[q->length] = '\0';
    relay_consume(q, q->length);
    return text;
}

static void a_text_message_is_one_line(void **state)
{
    (void)state;
    struct relay_bytes q = {0};
    struct relay_message m;
    assert_true(relay_to_host(&q, &m, false, true, true, "legal", 5));
    assert_string_equal(taken(&q), "legal\n");
    assert_true(relay_to_host(&q, &m, false, true, false, "legal\nle", 8));
    assert_true(relay_to_host(&q, &m, false, false, true, "gal\n", 4));
    assert_string_equal(taken(&q), "legal\x1alegal\x1a\n"); /* the host refuses it with bad-bytes */
    assert_true(relay_to_host(&q, &m, false, true, true, "", 0));
    assert_string_equal(taken(&q), "\n");
    relay_free(&q);
}

static void a_binary_message_is_its_length(void **state)
{
    (void)state;
    struct relay_bytes q = {0};
    struct relay_message m;
    assert_true(relay_to_host(&q, &m, true, true, false, "\n\n\0abc", 6));
    assert_int_equal(q.length, 0); /* none of its bytes reach the host */
    assert_true(relay_to_host(&q, &m, true, false, false, "\n", 1));
    assert_true(relay_to_host(&q, &m, true, false, true, "xyz", 3));
    assert_string_equal(taken(&q), "binary-frame 10\n");
    assert_true(relay_to_host(&q, &m, true, true, true, "", 0));
    assert_true(relay_to_host(&q, &m, false, true, true, "ok", 2));
    assert_string_equal(taken(&q), "binary-frame 0\nok\n");
    relay_free(&q);
}

/* The next piece of the host's output as a string, or "-" when none is ready. */
static const char *piece(struct relay_bytes *q, size_t most, bool ended, bool *final)
{
    static char text[64];
    long n = relay_from_host(q, most, ended, (unsigned char *)text, final);
    if (n < 0)
        return "-";
    text[n] = '\0';
    return text;
}

static void a_line_is_one_message_in_pieces(void **state)
{
    (void)state;
    struct relay_bytes q = {0};
    bool final;
    assert_true(relay_append(&q, "ok\nabcde\nfgh", 12));
    assert_string_equal(piece(&q, 4, false, &final), "ok");
    assert_true(final);
    assert_string_equal(piece(&q, 4, false, &final), "abcd");
    assert_false(final);
    assert_string_equal(piece(&q, 4, false, &final), "e");
    assert_true(final);
    assert_string_equal(piece(&q, 4, false, &final), "-"); /* "fgh" may go on */
    assert_true(relay_append(&q, "\n\n", 2));
    assert_string_equal(piece(&q, 4, false, &final), "fgh");
    assert_true(final);
    assert_string_equal(piece(&q, 4, false, &final), "");
    assert_true(final);
    assert_true(relay_append(&q, "last", 4));
    assert_string_equal(piece(&q, 4, false, &final), "last");
    assert_false(final); /* as long as the line may go on, a full piece is not its end */
    assert_true(relay_append(&q, "xy", 2));
    assert_string_equal(piece(&q, 4, true, &final), "xy"); /* the host ended: its last line is whole */
    assert_true(final);
    assert_string_equal(piece(&q, 4, true, &final), "-");
    relay_free(&q);
}

static void a_queue_grows_and_reuses_its_room(void **state)
{
    (void)state;
    struct relay_bytes q = {0};
    char block[1000];
    memset(block, 'a', sizeof block);
    for (int i = 0; i < 100; i++) {
        assert_true(relay_append(&q, block, sizeof block));
        relay_consume(&q, sizeof block - 1);
    }
    assert_int_equal(q.length, 100);
    assert_true(q.capacity <= 4096); /* what was taken made room, not more memory */
    relay_free(&q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_text_message_is_one_line),
        cmocka_unit_test(a_binary_message_is_its_length),
        cmocka_unit_test(a_line_is_one_message_in_pieces),
        cmocka_unit_test(a_queue_grows_and_reuses_its_room),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
