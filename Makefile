# The README's two commands: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test install install-test bench clean

# Rebuilt when the build, the compiled engines or the judge's spawner change (an editable install does not recompile).
$(BIN)/arena: pyproject.toml setup.py src/arena/judge/spawn.pyx $(wildcard src/arena/games/*/strong/*.pyx src/arena/games/*/strong/*.pxi)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $(BIN)/arena

install: $(BIN)/arena

install-test: install
	$(BIN)/pip install --quiet -e '.[test,envs]'
	# the browser tests drive Debian's chromium (never `playwright install`): add it when root can
	@command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "chromium is missing and cannot be installed here: the browser tests will be skipped"; fi
	# --sandbox isolate runs programs under Debian's bubblewrap: add it when root can
	@command -v bwrap >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap; } || \
	  echo "bubblewrap (bwrap) is missing and cannot be installed here: the --sandbox isolate tests will be skipped"
	# a competition builds C, C++, Java, Go and Rust with Debian's compilers (a box uid cannot reach
	# /root/.cargo); the build tests skip, saying so, for each one missing
	@missing=""; for tool in gcc g++ javac go rustc; do [ -x /usr/bin/$$tool ] || missing="$$missing $$tool"; done; \
	  [ -z "$$missing" ] || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc g++ default-jdk-headless golang-go rustc; } || \
	  echo "compilers missing and not installable here:$$missing (their competition build tests will be skipped)"
	# the memory limit is tested on a JVM and a Go program, which reserve far more than they use
	@{ command -v java >/dev/null && command -v go >/dev/null; } || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless golang-go; } || \
	  echo "java or go is missing and cannot be installed here: their memory-limit tests will be skipped"

demo: install
	$(BIN)/arena games
	$(BIN)/arena play flippo builtin:greedy builtin:random --seed 1 --record demo-record.json
	# a short tournament of the built-in players of every game, each in a fresh database
	for game in $$($(BIN)/python -c 'from arena.games import game_names; print(*game_names())'); do \
	  db="$${TMPDIR:-/tmp}/arena-demo-$$game.db"; rm -f "$$db" "$$db-wal" "$$db-shm"; \
	  $(BIN)/arena tournament $$game --player random=builtin:random --player greedy=builtin:greedy \
	    --rounds 1 --seed 1 --time-scale 0.5 --db "$$db" || exit 1; \
	done
	@echo; echo "See every game of these tournaments in the browser (standings, replays, play):"; \
	printf '  $(BIN)/arena serve'; \
	for game in $$($(BIN)/python -c 'from arena.games import game_names; print(*game_names())'); do \
	  printf ' --db %s' "$${TMPDIR:-/tmp}/arena-demo-$$game.db"; done; echo

test: install-test
	# the floors of the house (pyproject.toml's import-linter contract), then the suite
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -q

bench: install
	$(BIN)/python bench/judge.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
