# The README's two commands: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test install install-test host host-packages bench clean

# What a competition needs from Debian or Ubuntu, as TOOL:PACKAGE: bubblewrap (every build and game
# runs under --sandbox isolate) and the six languages' compilers, Debian's own (a box uid cannot
# reach /root/.cargo). The same map as arena's (competition/build/compiler_versions.py, tested).
HOST_TOOLS := bwrap:bubblewrap gcc:gcc g++:g++ javac:default-jdk-headless java:default-jre-headless \
              go:golang-go rustc:rustc python3:python3

# Rebuilt when the build, the compiled engines or the judge's spawner change (an editable install does not recompile).
$(BIN)/arena: pyproject.toml setup.py src/arena/judge/spawn.pyx src/arena/judge/confine.h src/arena/judge/private_mounts.h src/arena/judge/arena_init.c $(wildcard src/arena/games/*/strong/*.pyx src/arena/games/*/strong/*.pxi)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $(BIN)/arena

install: $(BIN)/arena

install-test: install host-packages
	$(BIN)/pip install --quiet -e '.[test,envs]'
	# the browser tests drive Debian's chromium (never `playwright install`): add it when root can
	@command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "chromium is missing and cannot be installed here: the browser tests will be skipped"; fi

# A competition host in one command: the packages (as root), arena, then the doctor's check.
host: install host-packages
	$(BIN)/arena competition doctor
	@echo; echo "Next: $(BIN)/arena competition init DIR --game GAME (docs/competition.md)"

# The packages of HOST_TOOLS that are missing, installed as root; without root (or apt-get), the
# line to ask the administrator for. Never fails: the tests skip, saying so, what cannot run here.
host-packages:
	@missing=""; for pair in $(HOST_TOOLS); do [ -x "/usr/bin/$${pair%%:*}" ] || missing="$$missing $${pair#*:}"; done; \
	  if [ -z "$$missing" ]; then echo "bubblewrap and the compilers are installed"; \
	  elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing || \
	    echo "could not install:$$missing (the builds of their languages, and their tests, cannot run)"; \
	  else echo "Not root: ask the administrator to install (as root): apt-get install$$missing"; fi

demo: install
	$(BIN)/arena games
	$(BIN)/arena play flippo builtin:greedy builtin:random --seed 1 --record demo-record.json
	# a short tournament of the built-in players of every game, each in a fresh database, in a folder
	# of the user's own (as root, arena writes no database where every user may: not in /tmp)
	mkdir -p demo-databases
	for game in $$($(BIN)/python -c 'from arena.games import game_names; print(*game_names())'); do \
	  db="demo-databases/$$game.db"; rm -f "$$db" "$$db-wal" "$$db-shm"; \
	  $(BIN)/arena tournament $$game --player random=builtin:random --player greedy=builtin:greedy \
	    --rounds 1 --seed 1 --time-scale 0.5 --db "$$db" || exit 1; \
	done
	@echo; echo "See every game of these tournaments in the browser (standings, replays, play):"; \
	printf '  $(BIN)/arena serve'; \
	for game in $$($(BIN)/python -c 'from arena.games import game_names; print(*game_names())'); do \
	  printf ' --db %s' "demo-databases/$$game.db"; done; echo

test: install-test
	# the floors of the house (pyproject.toml's import-linter contract), then the types ([tool.mypy])
	# beside the suite: mypy's half a minute (cold) on one core while the suite waits on clocks; each
	# writes its own lines, and either failing fails the target
	$(BIN)/lint-imports
	@$(BIN)/mypy > .mypy-said 2>&1 & typing=$$!; \
	$(BIN)/python -m pytest -q; suite=$$?; \
	wait $$typing; typed=$$?; echo "mypy:"; cat .mypy-said; rm -f .mypy-said; \
	test $$suite -eq 0 && test $$typed -eq 0

bench: install
	$(BIN)/python bench/judge.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info demo-databases
