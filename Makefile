# r3: the build. `make` builds ./r3; `make run` shows the default job; `make
# check` runs the quick tests before a commit (under a minute); `make test`
# builds and runs every test (unit tests, the same under ASan+UBSan, r3 under
# ThreadSanitizer, command-line tests, valgrind, the layer check, the bench and
# game signatures and the format check). `make bench` prints the bench
# signature; `make native` builds r3-native for this processor; `make format`
# formats the C files; `make docs` draws the layers' picture; `make
# install` and `make uninstall` put r3, its manual page, its documents and its
# bash completion in place (PREFIX, DESTDIR) and take them away. Missing
# Debian packages are installed when run as root.

CC      ?= cc
BUILD   := build
WARN    := -Wall -Wextra -Wshadow -Werror
CFLAGS  := -std=gnu11 -O2 -g $(WARN) -MMD -MP -pthread -I.
# Link-time optimisation lets the compiler inline the small accessors of one
# module into the hot loops of another (the rules' listing, the knowledge);
# fat objects keep the unit tests' plain link working.
LTO      := -flto=auto -ffat-lto-objects
SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
TSANITIZE := -fsanitize=thread -fno-omit-frame-pointer -DR3_NO_JEMALLOC

# Packages a fresh Debian machine needs. gnulib-tool needs autoconf, automake and m4;
# NLopt is r3 tune eval's optimizer (L-BFGS); libsodium seals r3 host's saves of games in play;
# zlib reads the decision-quality suite, which is stored gzip-compressed; libwebsockets
# is r3 web's server (docs/web.md).
PACKAGES      := gcc make pkg-config libjemalloc-dev libxxhash-dev libcmocka-dev libnlopt-dev libsodium-dev zlib1g-dev \
                 libwebsockets-dev gnulib autoconf automake m4
# cscope for tests/layers.sh, clang-format for make format-check, GNU parallel
# for tests/selfplay.sh's shards (docs/selfplay.md), tmux for tests/play.sh (r3
# play typed into as a person would), xmllint, rsvg-convert and the DejaVu fonts
# for tests/svg.sh (the board's SVG validated and rendered in the font its labels
# were measured by), GNU time for tests/referee.sh (the
# memory r3 replay takes for a record that is no record), groff for
# tests/install.sh (the manual page read with every warning on); chromium, node
# and npm for tests/web.sh (the web page driven in a real browser
# by puppeteer-core, which npm installs from tests/web/package-lock.json). An
# entry PACKAGE:COMMAND counts as there when COMMAND is, whoever installed it:
# a machine whose node comes from elsewhere has npm without Debian's package,
# which would conflict with it.
TEST_PACKAGES := valgrind cscope clang-format parallel tmux libxml2-utils librsvg2-bin fonts-dejavu-core jq procps time groff-base \
                 chromium nodejs:node npm:npm
# make web: r3 web serves the page and starts its r3 host processes (docs/web.md).
WEB_PORT      ?= 8480
WEB_ADDRESS   ?= 127.0.0.1
WEB_FORKS     ?= 32
# Graphviz's dot draws docs/architecture.svg.
DOC_PACKAGES  := graphviz

GNULIB    := $(BUILD)/gnulib
LIBGNU    := $(GNULIB)/gllib/libgnu.a
DEPS_OK   := $(BUILD)/deps.ok
TDEPS_OK  := $(BUILD)/test-deps.ok
FDEPS_OK  := $(BUILD)/fuzz-deps.ok
DDEPS_OK  := $(BUILD)/doc-deps.ok

# The fuzzers (libFuzzer, tests/fuzz): make test runs each FUZZ_TEST_SECONDS from its
# seed corpus (fuzz-test); make fuzz runs the protocol's FUZZ_SECONDS.
FUZZ_PACKAGES     := clang
FUZZ_SECONDS      ?= 600
FUZZ_TEST_SECONDS ?= 60
FUZZ_TARGETS      := protocol position observation record weights
FUZZERS           := $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%)
# The whole library (as the tests link it), so no new file can be left out; fewer
# belief tries and a capped search, to spend the fuzzer's time on the readers.
FUZZ_OBJ           = $(LIB_SRC:%.c=$(BUILD)/fuzz/obj/%.o)
FUZZ_CFLAGS       := -std=gnu11 -g -O1 -pthread -fsanitize=address,undefined -fno-sanitize-recover=all \
                     -DBELIEF_TRIES=20 -DSEARCH_MAX_NODES=2000 -DSEARCH_MAX_MS=20

# pkg-config is asked only after the packages are in, hence the deferred '='.
PKG_CFLAGS = $(shell pkg-config --cflags jemalloc libxxhash cmocka nlopt libsodium zlib libwebsockets)
OTHER_LIBS = $(shell pkg-config --libs libxxhash nlopt libsodium zlib libwebsockets) -lm
LIBS       = $(LIBGNU) $(shell pkg-config --libs jemalloc) $(OTHER_LIBS)
TEST_LIBS  = $(LIBGNU) $(shell pkg-config --libs cmocka) $(OTHER_LIBS)
INCLUDES   = -I$(GNULIB)/gllib -I$(GNULIB) $(PKG_CFLAGS)

# Everything but main.c goes into the library that the tests link too.
LIB_SRC  := $(wildcard engine/*/*.c games/*.c search/*.c eval/*.c tuning/*/*.c) $(filter-out protocol/cli/main.c,$(wildcard protocol/*/*.c))
TEST_SRC := $(wildcard tests/test_*.c)
SUPPORT  := tests/support.c
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
ASAN_OBJ := $(LIB_SRC:%.c=$(BUILD)/asan/%.o)
TSAN_OBJ := $(LIB_SRC:%.c=$(BUILD)/tsan/%.o) $(BUILD)/tsan/protocol/cli/main.o
TSAN_R3  := $(BUILD)/tsan/r3
ASAN_R3  := $(BUILD)/asan/r3
TESTS      := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
ASAN_TESTS := $(TEST_SRC:tests/%.c=$(BUILD)/asan-tests/%)

.PHONY: all run check test docs-test docs-boards web install uninstall native native-test unit asan-test tsan-test cli-test valgrind-test layers-test signature-test games-test bench \
        quality quality-suite gauntlet \
        format format-check clean deps fuzz fuzz-test docs docs/architecture.dot
.DEFAULT_GOAL := all
.SECONDARY:

all: r3

# ---- Debian packages ---------------------------------------------------------
# Installs what is missing when root (apt-get update once, only if a package is
# not found); otherwise prints the exact command and stops.
define ensure_packages
	@mkdir -p $(BUILD); \
	missing=""; \
	for p in $(1); do \
	  case $$p in *:*) command -v "$${p#*:}" > /dev/null && continue; p=$${p%%:*} ;; esac; \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "r3: installing Debian packages:$$missing"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get install -y --no-install-recommends $$missing || \
	      { apt-get update && apt-get install -y --no-install-recommends $$missing; } || exit 1; \
	  else \
	    echo "r3: missing Debian packages:$$missing"; \
	    echo "r3: run this, then make again: sudo apt-get update && sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi; \
	touch $(2)
endef

$(DEPS_OK): Makefile
	$(call ensure_packages,$(PACKAGES),$@)

$(TDEPS_OK): Makefile $(DEPS_OK)
	$(call ensure_packages,$(TEST_PACKAGES),$@)

deps: $(DEPS_OK)

$(FDEPS_OK): Makefile $(DEPS_OK)
	$(call ensure_packages,$(FUZZ_PACKAGES),$@)

$(DDEPS_OK): Makefile $(DEPS_OK)
	$(call ensure_packages,$(DOC_PACKAGES),$@)

# r3 in a browser (docs/web.md): r3 web serves the page from protocol/web/, as it
# is edited, and starts one r3 host --restricted for each page opened.
web: r3
	@./r3 web --address $(WEB_ADDRESS) --port $(WEB_PORT) --max-games $(WEB_FORKS) --root protocol/web

# puppeteer-core for tests/web.sh, as tests/web/package-lock.json pins it.
tests/web/node_modules/.package-lock.json: tests/web/package-lock.json $(TDEPS_OK)
	cd tests/web && npm ci --no-audit --no-fund --loglevel=error

$(BUILD)/fuzz/obj/%.o: %.c $(FDEPS_OK) $(LIBGNU)
	@mkdir -p $(dir $@)
	$(call say,CC,$< (fuzz))clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -I. $(INCLUDES) -c $< -o $@

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ) $(LIBGNU)
	@mkdir -p $(dir $@)
	$(call say,LINK,$@)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer -I. $(INCLUDES) $< $(FUZZ_OBJ) $(LIBGNU) \
	  $(OTHER_LIBS) -o $@

# Each fuzzer from a copy of its seed corpus, all five at once; a crash, a sanitizer
# report or a leak fails, its input kept in build/fuzz/TARGET (tests/fuzz/run.sh).
fuzz-test: $(FUZZERS)
	@printf '%s\n' $(FUZZ_TARGETS) | xargs -P 5 -I{} sh tests/fuzz/run.sh {} $(FUZZ_TEST_SECONDS)

fuzz: $(BUILD)/fuzz/fuzz_protocol
	sh tests/fuzz/run.sh protocol $(FUZZ_SECONDS)

# ---- gnulib's getopt-gnu, imported at build time, never committed ---------------
# Order-only on the packages, so that an edit of this Makefile does not rebuild
# everything; after a change of the module list, make clean.
$(LIBGNU): | $(DEPS_OK)
	@echo "gnulib: importing getopt-gnu into $(GNULIB)"
	@rm -rf $(GNULIB)
	@gnulib-tool --create-testdir --dir=$(GNULIB) --without-tests getopt-gnu freadahead > $(BUILD)/gnulib.log 2>&1 \
	  || { cat $(BUILD)/gnulib.log; exit 1; }
	@cd $(GNULIB) && ./configure -q CC="$(CC)" >> ../gnulib.log 2>&1 && $(MAKE) -s >> ../gnulib.log 2>&1 \
	  || { cat $(BUILD)/gnulib.log; exit 1; }

# ---- the binary -------------------------------------------------------------------
# A quiet build, one line a step ("  CC  search/ismcts.c"); make V=1 shows the
# whole commands.
V ?= 0
ifeq ($(V),0)
say = @printf '  %-5s %s\n' '$(1)' '$(2)';
else
say =
endif

$(BUILD)/obj/%.o: %.c $(LIBGNU)
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(CFLAGS) $(LTO) $(INCLUDES) -c $< -o $@

$(BUILD)/asan/%.o: %.c $(LIBGNU)
	@mkdir -p $(dir $@)
	$(call say,CC,$< (ASan+UBSan))$(CC) $(CFLAGS) $(SANITIZE) -O1 $(INCLUDES) -c $< -o $@

$(BUILD)/tsan/%.o: %.c $(LIBGNU)
	@mkdir -p $(dir $@)
	$(call say,CC,$< (TSan))$(CC) $(CFLAGS) $(TSANITIZE) -O1 $(INCLUDES) -c $< -o $@

# The built-in network is assembled into eval/value.c's object (.incbin),
# which the compiler's dependency list does not name.
NET_BUILT_IN := eval/net.nnue
$(foreach b,obj asan tsan fuzz/obj,$(BUILD)/$(b)/eval/value.o): $(NET_BUILT_IN)
# So are the web page's files into protocol/web/page.c's.
PAGE_BUILT_IN := protocol/web/index.html protocol/web/style.css protocol/web/app.js protocol/web/host.js
$(foreach b,obj asan tsan fuzz/obj,$(BUILD)/$(b)/protocol/web/page.o): $(PAGE_BUILT_IN)

# r3 under ThreadSanitizer, for tsan-test, on TSan's allocator: jemalloc's fork
# handlers take more locks at once than TSan can track.
$(TSAN_R3): $(TSAN_OBJ) $(LIBGNU)
	$(call say,LINK,$@)$(CC) $(CFLAGS) $(TSANITIZE) -o $@ $(TSAN_OBJ) $(LIBGNU) $(OTHER_LIBS)

# r3 under ASan and UBSan, for the command-line tests, on ASan's allocator.
$(BUILD)/asan/protocol/cli/main.o: SANITIZE += -DR3_NO_JEMALLOC
$(ASAN_R3): $(ASAN_OBJ) $(BUILD)/asan/protocol/cli/main.o $(LIBGNU)
	$(call say,LINK,$@)$(CC) $(CFLAGS) $(SANITIZE) -o $@ $^ $(OTHER_LIBS)

r3: $(BUILD)/obj/protocol/cli/main.o $(LIB_OBJ) $(LIBGNU)
	$(call say,LINK,$@)$(CC) $(CFLAGS) $(LTO) -o $@ $(BUILD)/obj/protocol/cli/main.o $(LIB_OBJ) $(LIBS)

# A faster build, reported apart in docs/PERFORMANCE.md; ./r3 stays portable.
# r3-native is tuned to this machine's processor (popcnt, AVX2 and the like)
# and runs only on machines like it. It plays the same games as ./r3 (make
# native-test checks that). A profile-guided build was tried and gained
# nothing measurable, so there is none.
ALL_SRC      = protocol/cli/main.c $(LIB_SRC)
WHOLE_CFLAGS = $(filter-out -MMD -MP,$(CFLAGS)) $(LTO)

r3-native: $(ALL_SRC) $(NET_BUILT_IN) $(PAGE_BUILT_IN) $(LIBGNU) r3
	$(call say,CC,$@ (-march=native))$(CC) $(WHOLE_CFLAGS) -march=native $(INCLUDES) -o $@ $(ALL_SRC) $(LIBS)

native: r3-native

# The tuned build must play exactly as ./r3.
native-test: r3-native
	@sh tests/games.sh ./r3-native && sh tests/signature.sh ./r3-native

# The main job's demo: the ISMCTS player (1,000 iterations a decision, about
# 0.2 s) against the greedy baseline, a game pair of 1460 under the referee,
# which prints the summary and where the game records are. One game after the
# other, so that their lines come in order.
run: r3
	./r3 match --engine cmd=./r3 name=ismcts option.Player=ismcts option.Iterations=1000 \
	  --engine cmd=./r3 name=greedy option.Player=greedy \
	  --games 2 --scenario 1460 --seed 1 --concurrency 1 --out $(BUILD)/run-games

# ---- install, as GNU's conventions have it: PREFIX (or prefix) and DESTDIR ----
# r3 into bin, its manual page r3(6) into man6 (section 6 is for games), the
# user documents into doc/r3, the bash completion where bash-completion looks.
# The manual page and the completion are printed by r3 from its table of
# commands (r3 help --man, r3 help --bash-completion).
PREFIX        ?= /usr/local
prefix        ?= $(PREFIX)
exec_prefix   ?= $(prefix)
bindir        ?= $(exec_prefix)/bin
datarootdir   ?= $(prefix)/share
mandir        ?= $(datarootdir)/man
man6dir       ?= $(mandir)/man6
docdir        ?= $(datarootdir)/doc/r3
completiondir ?= $(datarootdir)/bash-completion/completions
INSTALL       ?= install
USER_DOCS     := README.md $(wildcard docs/*.md docs/*.svg)

$(BUILD)/r3.6: r3
	./r3 help --man > $@.tmp && mv $@.tmp $@

$(BUILD)/r3.bash-completion: r3
	./r3 help --bash-completion > $@.tmp && mv $@.tmp $@

install: r3 $(BUILD)/r3.6 $(BUILD)/r3.bash-completion
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(man6dir) $(DESTDIR)$(docdir) $(DESTDIR)$(completiondir)
	$(INSTALL) -m 755 r3 $(DESTDIR)$(bindir)/r3
	$(INSTALL) -m 644 $(BUILD)/r3.6 $(DESTDIR)$(man6dir)/r3.6
	$(INSTALL) -m 644 $(USER_DOCS) $(DESTDIR)$(docdir)
	$(INSTALL) -m 644 $(BUILD)/r3.bash-completion $(DESTDIR)$(completiondir)/r3

uninstall:
	rm -f $(DESTDIR)$(bindir)/r3 $(DESTDIR)$(man6dir)/r3.6 $(DESTDIR)$(completiondir)/r3
	rm -f $(addprefix $(DESTDIR)$(docdir)/,$(notdir $(USER_DOCS)))
	-rmdir $(DESTDIR)$(docdir) 2>/dev/null

# ---- tests --------------------------------------------------------------------------
# The plain unit tests link jemalloc like r3; the sanitizer ones use ASan's allocator.
# The tests link the objects' plain code (-fno-lto): they test the behaviour, which
# the signatures show is the same with link-time optimisation.
$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(BUILD)/obj/tests/support.o $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(call say,LINK,$@)$(CC) $(CFLAGS) -fno-lto -o $@ $^ $(TEST_LIBS) $(shell pkg-config --libs jemalloc)

$(BUILD)/asan-tests/%: $(BUILD)/asan/tests/%.o $(BUILD)/asan/tests/support.o $(ASAN_OBJ)
	@mkdir -p $(dir $@)
	$(call say,LINK,$@)$(CC) $(CFLAGS) $(SANITIZE) -o $@ $^ $(TEST_LIBS)

unit: $(TESTS)
	@for t in $(TESTS); do echo "== $$t"; $$t || exit 1; done

asan-test: $(ASAN_TESTS) $(ASAN_R3)
	@for t in $(ASAN_TESTS); do echo "== $$t (ASan+UBSan)"; \
	  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 $$t || exit 1; done
	@echo "== tests/cli.sh with r3 under ASan+UBSan"
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 R3_ALLOCATOR=none \
	  sh tests/cli.sh $(ASAN_R3)

cli-test: r3 tests/web/node_modules/.package-lock.json
	@sh tests/cli.sh ./r3
	@sh tests/rules_coverage.sh
	@sh tests/protocol.sh ./r3
	@sh tests/host.sh ./r3
	@sh tests/play.sh ./r3
	@sh tests/svg.sh ./r3
	@sh tests/web.sh ./r3
	@sh tests/referee.sh ./r3
	@sh tests/selfplay.sh ./r3
	@sh tests/quality.sh ./r3
	@sh tests/tune.sh ./r3
	@sh tests/spsa.sh ./r3
	@sh tests/install.sh

tsan-test: r3 $(TSAN_R3)
	@sh tests/tsan.sh $(TSAN_R3)

valgrind-test: r3 $(TDEPS_OK)
	@sh tests/valgrind.sh ./r3

# The dependencies point one way down the layers (docs/architecture.md).
layers-test: $(TDEPS_OK)
	@sh tests/layers.sh

# The file maps (docs/HACKING.md, the folders' READMEs) and docs/architecture.md
# (its layers, counts, node size and picture) against the tree.
docs-test: $(TDEPS_OK)
	@sh tests/docs.sh

# r3 bench's node count against the last "Bench: N" line of the commit messages.
signature-test: r3
	@sh tests/signature.sh ./r3

# Seeded games, decision by decision, against tests/game-signatures.
games-test: r3
	@sh tests/games.sh ./r3

# The bench signature, for the "Bench: N" line of a commit message.
bench: r3
	@./r3 bench | grep '^Nodes searched: '

# The decision-quality suite: a player graded (docs/quality.md), and the suite made anew
# after a rules change (about 2 core-hours, sharded with GNU parallel).
quality: r3
	./r3 quality option.Iterations=500

quality-suite: r3 $(TDEPS_OK)
	R3=./r3 sh tuning/quality/make-suite.sh

# The frozen gauntlet (docs/STRENGTH.md): its members built from their pinned commit into
# build/gauntlet/, every pairing played in 1460, then r3 ratings. GAUNTLET_ARGS are
# tuning/arena/gauntlet.sh's: -g GAMES, -c C, -t TC, -l SECONDS, -e 'ENGINE WORDS'.
gauntlet: r3
	sh tuning/arena/gauntlet.sh $(GAUNTLET_ARGS)

# The quick test before each commit: the build, the unit tests and the fast
# suites, two at a time (tests/check.sh); make test is the whole.
check: r3 $(TESTS) $(TDEPS_OK)
	@sh tests/check.sh ./r3 $(TESTS)

# format-check runs last: a tree that make format would change fails the tests.
test: layers-test docs-test unit asan-test tsan-test cli-test valgrind-test signature-test games-test fuzz-test
	@$(MAKE) --no-print-directory format-check
	@echo "make test: all tests passed"

# ---- format --------------------------------------------------------------------------
# clang-format with .clang-format (tests/.clang-format in tests/). The data
# tables are laid out by hand, a row a line, and the map's shapes are generated
# (engine/data/map/generate.mjs): both are left alone.
FORMAT_SKIP := engine/core/tables.c tuning/bench/bench_positions.c engine/picture/map_geometry.c
FORMAT_SRC   = $(filter-out $(FORMAT_SKIP),$(shell find engine games eval search tuning protocol tests -name node_modules -prune -o -name '*.[ch]' -print | LC_ALL=C sort))

format: $(TDEPS_OK)
	@clang-format -i $(FORMAT_SRC)

# Lists each file that make format would change and by how many lines; fails if any.
format-check: $(TDEPS_OK)
	@sh tests/format_check.sh $(FORMAT_SRC)

# The picture of docs/architecture.md: the include graph between the layers,
# its dot text from tests/layers.sh --dot (tests/docs.sh holds the two equal),
# the SVG drawn from it by Graphviz.
docs: docs/architecture.dot docs/architecture.svg

docs/architecture.dot: $(TDEPS_OK)
	sh tests/layers.sh --dot > $@.tmp && mv $@.tmp $@

docs/architecture.svg: docs/architecture.dot $(DDEPS_OK)
	dot -Tsvg docs/architecture.dot -o $@

# The starting positions' pictures in docs/, and the 1460 one as the README shows it.
docs-boards: r3
	for year in 1460 1470 1483; do ./r3 show --scenario $$year --svg > docs/board-$$year.svg; done
	rsvg-convert -o docs/board-1460.png docs/board-1460.svg

clean:
	rm -rf $(BUILD) r3 r3-native

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
