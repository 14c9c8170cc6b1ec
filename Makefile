# Giveaway Checkers — one entry point for building, testing and playing.
CARGO ?= cargo
MVN ?= mvn -B -q
UNAME := $(shell uname -s)
LIBEXT := $(if $(filter Darwin,$(UNAME)),dylib,so)
# The library Kotlin and Swift load: the FFI crate (giveaway-ffi) over the app layer and the core.
FFI_CRATE := giveaway-ffi
FFI_LIB_NAME := giveaway_ffi
CORE_LIB := target/release/lib$(FFI_LIB_NAME).$(LIBEXT)
# The generator only reads the library's metadata: a debug build is enough and much quicker to link.
BINDGEN := target/debug/uniffi-bindgen
BINDINGS := target/bindings
KOTLIN_GEN := kotlin-tests/target/generated-sources/uniffi

.PHONY: test lint lint-kotlin format-kotlin test-rust test-kotlin test-swift test-tui test-android play bench perft fuzz bindings core-lib bench-ffi android ios
.PHONY: bench-engine bench-storage tune test-ios test-ios-package ios-bindings test-deep android-tools android-screenshots android-apk
.PHONY: serve test-server bench-server bench-social bench-correspondence bench-soak test-failover ha-tools tablebase tablebase-verify tablebase-check android-assets book openings match-book match-tables
.PHONY: puzzles puzzles-verify

## Everything that can run on this machine (the Kotlin summary line comes last).
test: lint test-rust test-swift test-android test-ios test-kotlin

## The style checks: formatting (rustfmt.toml) and clippy with every warning an error, then ktlint on the Kotlin.
## (swift-format checks the Swift where the toolchain is: in test-swift and test-ios-package.)
lint: lint-kotlin
	rustup component add rustfmt clippy >/dev/null 2>&1 || true
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

## ktlint (Maven Central) over the hand-written Kotlin, in the style of .editorconfig.
lint-kotlin:
	cd android/tools/ktlint && $(MVN) -ntp exec:exec

## Rewrites the Kotlin in that style; what ktlint cannot fix itself it lists.
format-kotlin:
	cd android/tools/ktlint && $(MVN) -ntp exec:exec -Dktlint.mode=--format

# The bindgen crate has no tests; leaving it out spares an optimised build of its generator and CLI deps.
# The game server's tests need PostgreSQL: a private cluster under target/pg is started for them and stopped
# after, whatever the result.
# `--all-targets` leaves the documentation's examples out: they run as a second step.
test-rust:
	$(PG) start
	DATABASE_URL="$$($(PG) url)" $(CARGO) test --workspace --exclude uniffi-bindgen --all-targets \
		&& $(CARGO) test --workspace --exclude uniffi-bindgen --doc; status=$$?; \
		$(PG) stop; exit $$status

## The game server's tests alone (real PostgreSQL, real WebSocket clients).
test-server:
	$(PG) start
	DATABASE_URL="$$($(PG) url)" $(CARGO) test -p giveaway-protocol -p giveaway-server; status=$$?; $(PG) stop; exit $$status

## The game server on loopback: ws://127.0.0.1:7878/ws. Without DATABASE_URL it runs against the private
## PostgreSQL cluster under target/pg (started here, left running; `server/tools/pg.sh stop` stops it).
## More options: SERVE_ARGS="--help".
PG := server/tools/pg.sh
SERVER_BIN := target/release/giveaway-server
SERVE_ARGS ?=
serve:
	$(CARGO) build --release -p giveaway-server --bin giveaway-server
	@if [ -z "$$DATABASE_URL" ]; then $(PG) start; fi
	DATABASE_URL="$${DATABASE_URL:-$$($(PG) url)}" $(SERVER_BIN) $(SERVE_ARGS)

## The server's benchmark on loopback (server/tools/bench-server.sh; about 30 minutes): concurrent games with one
## move per side every 2 s at each size of BENCH_GAMES (moves/s, move -> opponent p50/p99/max, server CPU and
## RSS, database commits/s), then the fault runs with FAULT_GAMES games: the server SIGKILLed and restarted,
## PostgreSQL restarted under it, one of two nodes behind HAProxy SIGKILLed, one drained for an upgrade, the
## primary of a replicated cluster (Patroni, etcd, synchronous standby) killed. One table at the end; each
## run's output in target/bench-server/. Bounded in games and seconds; everything it starts is stopped.
BENCH_GAMES ?= 1000 2000 5000 10000
FAULT_GAMES ?= 1000
LOAD := ./target/release/giveaway-load --server-bin $(SERVER_BIN) --pg-script $(PG)
bench-server: ha-tools
	$(CARGO) build --release -p giveaway-server --bins
	server/tools/bench-server.sh all $(BENCH_GAMES) -- $(FAULT_GAMES); status=$$?; $(PG) stop; exit $$status

## Spectators, an arena and correspondence under load (server/tools/bench-server.sh social; about 9 minutes; not
## in `make test`): SOCIAL_GAMES games watched by SOCIAL_SPECTATORS spectators each (a move's time to each
## spectator, and a check that each saw every acknowledged move in order), the same with the server SIGKILLed and
## restarted (the spectators reconnect and watch again), an arena of ARENA_PLAYERS players paired for 4 minutes
## (pairing latency, relay, and the standings checked against the games' results), then CORR_PAIRS pairs of
## correspondence players with CORR_GAMES games each beside SOCIAL_GAMES clock games, with the server SIGKILLed
## and restarted (CORR_PAIRS=0 leaves them out; `make bench-correspondence` runs them without and with the fault,
## about 3 minutes). Tables at the end; logs in target/bench-server/.
SOCIAL_GAMES ?= 100
SOCIAL_SPECTATORS ?= 10
ARENA_PLAYERS ?= 500
CORR_PAIRS ?= 200
CORR_GAMES ?= 5
bench-social:
	$(CARGO) build --release -p giveaway-server --bins
	server/tools/bench-server.sh social $(SOCIAL_GAMES) $(SOCIAL_SPECTATORS) $(ARENA_PLAYERS) $(CORR_PAIRS) $(CORR_GAMES); status=$$?; $(PG) stop; exit $$status

bench-correspondence:
	$(CARGO) build --release -p giveaway-server --bins
	server/tools/bench-server.sh correspondence $(CORR_PAIRS) $(CORR_GAMES) $(SOCIAL_GAMES); status=$$?; $(PG) stop; exit $$status

## The failover tests alone (about 6 minutes; not in `make test`: they need Debian's haproxy, patroni and
## etcd-server, installed here when missing, and take minutes): the fault runs of bench-server with 300 games;
## fails when an acknowledged move is lost or a client sees an error.
test-failover: ha-tools
	$(CARGO) build --release -p giveaway-server --bins
	server/tools/bench-server.sh faults 300; status=$$?; $(PG) stop; exit $$status

## The server's memory soak (about 14 minutes): SOAK_GAMES games for SOAK_S seconds, the resident memory every
## 10 s and a verdict (first minute vs last), then every game ended and the memory sampled for DRAIN_S more.
SOAK_GAMES ?= 1000
SOAK_S ?= 600
DRAIN_S ?= 150
bench-soak:
	$(CARGO) build --release -p giveaway-server --bins
	$(PG) start
	ulimit -n $$(ulimit -Hn) && DATABASE_URL="$$($(PG) url)" $(LOAD) --games $(SOAK_GAMES) --ramp-s 20 --measure-s $(SOAK_S) --sample-s 10 --drain-s $(DRAIN_S); status=$$?; $(PG) stop; exit $$status

## Property tests with 40 times the usual cases and fresh random seeds, optimised (about 15 minutes; not part of
## `make test`, whose CI run uses one fixed seed so that a green commit stays green).
test-deep:
	PROPTEST_CASES=10000 $(CARGO) test --release -p giveaway-core -p giveaway-app

## The terminal front end alone: line mode and the full-screen app through a pseudo-terminal (test-rust runs
## them too).
test-tui:
	$(CARGO) test -p giveaway-cli --test line_mode --test tui_pty

## Play in the terminal.
play:
	$(CARGO) run --release -p giveaway-cli --bin giveaway -- play

## Move-generator speed: perft 11 from the start position.
perft:
	$(CARGO) build --release -p giveaway-cli
	./target/release/giveaway perft 11
	./target/release/giveaway perft 11 --sequences

## Engine speed (nodes/s and depth in 1 s from four positions) and storage timings on 10,000 games.
bench-engine:
	$(CARGO) build --release -p giveaway-cli
	./target/release/giveaway bench-search

bench-storage:
	$(CARGO) build --release -p giveaway-cli
	./target/release/giveaway bench-storage

bench: perft bench-engine bench-storage

## Endgame tables up to TB_PIECES pieces by retrograde analysis (time, memory and size printed), then every
## entry checked against its moves. The file is target/tablebase/tablebase-N.gwtb.
TB_PIECES ?= 4
TB_FILE := target/tablebase/tablebase-$(TB_PIECES).gwtb
tablebase:
	$(CARGO) build --release -p giveaway-cli
	mkdir -p target/tablebase
	./target/release/giveaway tablebase build --pieces $(TB_PIECES) --file $(TB_FILE) --quiet

## The endgame tables that ship with the apps: every position of up to 4 pieces, built by the project's own
## solver (seconds), rebuilt when the tables' code changes. The Android asset and the iOS bundle resource.
SHIPPED_TABLES := target/tablebase/shipped/tablebase-4.gwtb
$(SHIPPED_TABLES): $(wildcard core/src/tablebase/*.rs)
	$(CARGO) build --release -p giveaway-cli
	mkdir -p $(dir $@)
	./target/release/giveaway tablebase build --pieces 4 --file $@.part --quiet && mv $@.part $@
ANDROID_ASSETS := android/app/src/main/assets
android-assets: $(SHIPPED_TABLES)
	mkdir -p $(ANDROID_ASSETS) && cp $(SHIPPED_TABLES) $(ANDROID_ASSETS)/

tablebase-verify: tablebase
	./target/release/giveaway tablebase verify --pieces $(TB_PIECES) --file $(TB_FILE)

## Exactness in play: level 8 with the tables in TB_POSITIONS random positions of TB_PIECES pieces (a move
## judged by the tables in each, every win played out under the draw rules against the slowest defence).
## For issue 17: make tablebase-check TB_PIECES=5 (builds the 5-piece file first if it is missing).
TB_POSITIONS ?= 10000
tablebase-check:
	$(CARGO) build --release -p giveaway-cli
	test -f $(TB_FILE) || $(MAKE) tablebase TB_PIECES=$(TB_PIECES)
	/usr/bin/time -f "check: %e s wall, %M KB peak" ./target/release/giveaway tablebase check --pieces $(TB_PIECES) --file $(TB_FILE) --positions $(TB_POSITIONS) --seed 1 --movetime 100 --quiet

## The proven opening book (docs/engine.md, "Opening book"): positions grown best first from the start, every
## legal move of each put to the proof search with the 4-piece tables, the good moves not proven to lose kept and
## the lost ones marked, weighed by self-play from the leaves. Bounded by --positions (every search and proof is
## node-limited, so the book is the same on every machine; 10 minutes wall, 2 of CPU, on the shared 2 cores). Rewrites
## core/data/book.txt, embedded in the core.
BOOK_ARGS ?= --positions 500 --plies 18 --rank-plies 4 --depth 10 --margin 40 --width 2 --proof-nodes 300000 --game-nodes 20000
book: $(SHIPPED_TABLES)
	$(CARGO) build --release -p giveaway-cli
	nice -n 10 ./target/release/giveaway book build $(BOOK_ARGS) --tablebase $(SHIPPED_TABLES) --out core/data/book.txt
	./target/release/giveaway book probe --file core/data/book.txt

## The puzzle set shipped with the apps (docs/puzzles.md): positions from self-play and the 4-piece tables, each
## puzzle verified by the judge and rated by the engine's levels; rewrites core/data/puzzles.txt, embedded in the
## core (figures printed and kept in the file's header).
PUZZLES_ARGS ?= --games 2500 --table-positions 8000 --seed 1 --threads 2
puzzles: $(SHIPPED_TABLES)
	$(CARGO) build --release -p giveaway-cli
	nice -n 10 ./target/release/giveaway puzzles build $(PUZZLES_ARGS) --tablebase $(SHIPPED_TABLES) --out core/data/puzzles.txt

## Every shipped puzzle verified again with the shipped tables (`make test` verifies a sample).
puzzles-verify: $(SHIPPED_TABLES)
	$(CARGO) build --release -p giveaway-cli
	./target/release/giveaway puzzles verify --tablebase $(SHIPPED_TABLES)

## The fair suite of match openings: every distinct position 4 plies from the start proved with the 4-piece
## tables (1M nodes each; about 15 minutes on 2 cores), the ones won by force for one side left out. Rewrites
## tools/data/openings-4.txt, whose header is the census (how many openings are won by force).
OPENINGS_ARGS ?= --plies 4 --nodes 1000000
SUITE := tools/data/openings-4.txt
openings: $(SHIPPED_TABLES)
	$(CARGO) build --release -p giveaway-cli
	nice -n 10 ./target/release/giveaway openings $(OPENINGS_ARGS) --tablebase $(SHIPPED_TABLES) --out $(SUITE)

## Level 8 with the book against level 8 without it (short move time; the score is the book's side), from the
## fair suite's openings, each with both colours.
BOOK_MATCH_ARGS ?= --games 200 --movetime 20 --seed 1 --openings $(SUITE)
match-book:
	$(CARGO) build --release -p giveaway-cli
	nice -n 10 ./target/release/giveaway match --white 8 --black 8 $(BOOK_MATCH_ARGS) --no-book black

## Level 8 with the endgame tables of $(TB_FILE) against level 8 without them at equal move time (the score is
## the tables' side; `make tablebase TB_PIECES=5` first, then `make match-tables TB_PIECES=5`, about 35 minutes).
## Reports how many games came down to the tables' size.
TABLES_MATCH_ARGS ?= --games 2000 --movetime 50 --seed 1 --openings $(SUITE)
match-tables:
	$(CARGO) build --release -p giveaway-cli
	nice -n 10 ./target/release/giveaway match --white 8 --black 8 $(TABLES_MATCH_ARGS) --white-tablebase $(TB_FILE)

## Re-fit the evaluation weights by self-play (about 15 minutes); reproduces core/src/engine/weights.rs.
tune:
	$(CARGO) run --release -p giveaway-cli -- tune --games 8000 --rounds 3 --curve-games 3000 --nodes 3000 --seed 1 --out core/src/engine/weights.rs

## The host library the Kotlin tests load through JNA, and the bindings generator.
core-lib:
	$(CARGO) build --release -p $(FFI_CRATE)
	$(CARGO) build -p uniffi-bindgen

## Kotlin and Swift bindings from the built library (global config: uniffi.toml).
bindings: core-lib
	rm -rf $(BINDINGS)
	$(BINDGEN) generate --library $(CORE_LIB) --language kotlin --config uniffi.toml --no-format --out-dir $(BINDINGS)/kotlin
	$(BINDGEN) generate --library $(CORE_LIB) --language swift --config uniffi.toml --no-format --out-dir $(BINDINGS)/swift
	@echo "bindings in $(BINDINGS)/kotlin and $(BINDINGS)/swift"

$(KOTLIN_GEN): bindings
	rm -rf $(KOTLIN_GEN) && mkdir -p $(dir $(KOTLIN_GEN))
	cp -r $(BINDINGS)/kotlin $(KOTLIN_GEN)

## A game server for a shell's online tests, on a fresh database, in the folder given (its URL in FOLDER/url):
## `$(call with_test_server,FOLDER,COMMAND)` runs COMMAND (which reads the URL) and stops the server after,
## whatever the result, and the PostgreSQL cluster too if it was not running before: every checkout's cluster
## listens on the same port, so one left running would stop the next checkout's tests from starting theirs.
TEST_SERVER := server/tools/test-server.sh
with_test_server = if $(PG) running; then pg_was_up=1; else pg_was_up=0; fi; \
	finish() { $(TEST_SERVER) stop $(1); [ $$pg_was_up = 1 ] || $(PG) stop; }; \
	$(TEST_SERVER) start $(1) || { finish; exit 1; }; ($(2)); status=$$?; finish; exit $$status

## Kotlin bindings on the JVM: JUnit 5 through Maven (Maven Central) against the host library, and the online
## client against a real game server.
KOTLIN_SERVER := target/test-server/kotlin
test-kotlin: $(KOTLIN_GEN)
	rm -f kotlin-tests/target/kotlin-summary.txt
	$(call with_test_server,$(KOTLIN_SERVER),(cd kotlin-tests && $(MVN) test -Dgiveaway.lib.dir=$(CURDIR)/target/release \
		-Dgiveaway.server.url=$$(cat $(CURDIR)/$(KOTLIN_SERVER)/url)); status=$$?; echo; cat kotlin-tests/target/kotlin-summary.txt 2>/dev/null; (exit $$status))

## The generated Swift bindings type-check where a Swift toolchain is installed (test-ios-package compiles them as
## part of the package everywhere, in its Debian trixie root on Linux).
test-swift: bindings
	@if command -v swiftc >/dev/null 2>&1; then \
		swiftc -typecheck -module-name GiveawayCore -I $(BINDINGS)/swift \
			-Xcc -fmodule-map-file=$(BINDINGS)/swift/GiveawayCoreFFI.modulemap $(BINDINGS)/swift/GiveawayCore.swift \
			&& echo "swift: generated bindings type-check"; \
	else echo "swift: no Swift toolchain installed; the bindings are compiled with the Swift package (make test-ios-package)"; fi

## FFI cost from Kotlin: microseconds per snapshot call and per move.
bench-ffi: $(KOTLIN_GEN)
	cd kotlin-tests && $(MVN) compile exec:exec -Dgiveaway.lib.dir=$(CURDIR)/target/release

## Debian's Android tools the checks use (aapt v1 and the framework resources it links against, zipalign,
## apksigner), installed when missing.
ANDROID_DEBS := aapt android-framework-res zipalign apksigner
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
android-tools:
	@missing=$$(for p in $(ANDROID_DEBS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then echo "android-tools: installing" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; fi

## Debian's packages of the failover tests (etcd, Patroni, HAProxy), installed when missing. Their own services
## are kept from starting (policy-rc.d): the tests run private instances on loopback ports.
HA_DEBS := etcd-server etcd-client patroni haproxy
ha-tools:
	@missing=$$(for p in $(HA_DEBS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then echo "ha-tools: installing" $$missing; \
		server/tools/no-service-start.sh $(SUDO) apt-get update -qq && \
		server/tools/no-service-start.sh $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; fi

## The Android app's checks that need no Android SDK: resources (well-formed, every string in English, Russian
## and Portuguese), every app source type-checked against the Android framework classes
## (org.robolectric:android-all), and the real app under Robolectric against the host library
## (android/robolectric: every screen and journey, accessibility, StrictMode). Not quiet, so Surefire's summary
## shows.
ANDROID_MVN := cd android && mvn -B -ntp
ANDROID_LIB_DIR := $(CURDIR)/$(dir $(CORE_LIB))
## The online screens' tests play on a real game server (started and stopped here; a test restarts it).
ANDROID_SERVER := $(CURDIR)/target/test-server/android
ANDROID_SERVER_ARGS := -Dgiveaway.server.dir=$(ANDROID_SERVER) -Dgiveaway.server.script=$(CURDIR)/$(TEST_SERVER)
## Google's Accessibility Test Framework for the Robolectric checks: an .aar on Maven Central whose classes.jar the
## test module takes as a system dependency (Maven cannot read the classes inside an .aar itself), and whose
## assets (the checks' messages, read from the classpath) go on the test classpath.
ATF_VERSION := 3.1
ATF_DIR := android/robolectric/target/aar
ATF_JAR := $(ATF_DIR)/atf/classes.jar
$(ATF_JAR):
	cd android && mvn -B -q -ntp -N dependency:copy -Dmdep.stripVersion=true -DoutputDirectory=robolectric/target/aar \
		-Dartifact=com.google.android.apps.common.testing.accessibility.framework:accessibility-test-framework:$(ATF_VERSION):aar
	python3 -c "import zipfile, sys; z = zipfile.ZipFile(sys.argv[1]); \
		z.extractall(sys.argv[2], [n for n in z.namelist() if n == 'classes.jar' or n.startswith('assets/')])" \
		$(ATF_DIR)/accessibility-test-framework.aar $(ATF_DIR)/atf

test-android: bindings android-tools android-assets $(ATF_JAR)
	python3 android/tools/res.py check android/app/src/main/res android/app/src/main/AndroidManifest.xml
	$(call with_test_server,$(ANDROID_SERVER),$(ANDROID_MVN) verify -Dgiveaway.lib.dir=$(ANDROID_LIB_DIR) $(ANDROID_SERVER_ARGS))

## Screenshots of every screen (portrait and landscape, light and dark, English and Russian) drawn by the real
## Views under Robolectric's native graphics, into docs/screenshots/android/. SHOTS=ScreenshotsOnline (a class
## name) redraws only that class's screens and keeps the others; the default redraws all from an empty folder.
ANDROID_SHOTS := docs/screenshots/android
SHOTS ?= Screenshots*
android-screenshots: bindings android-tools android-assets $(ATF_JAR)
	if [ '$(SHOTS)' = 'Screenshots*' ]; then rm -rf $(ANDROID_SHOTS); fi; mkdir -p $(ANDROID_SHOTS)
	$(call with_test_server,$(ANDROID_SERVER),$(ANDROID_MVN) verify -pl robolectric -am -Dtest='$(SHOTS)' \
		-Dsurefire.failIfNoSpecifiedTests=false -Dscreenshots.dir=$(CURDIR)/$(ANDROID_SHOTS) -Dgiveaway.lib.dir=$(ANDROID_LIB_DIR) \
		$(ANDROID_SERVER_ARGS))
	@ls $(ANDROID_SHOTS) | wc -l | xargs echo "screenshots in $(ANDROID_SHOTS):"

## A debug APK without the SDK: aapt's resources, D8 (com.android.tools:r8 from Maven Central), zipalign,
## apksigner with a generated debug key, checked with apksigner verify and aapt dump badging. Everything but the
## core's libgiveaway_ffi.so for the device ABIs, which needs the NDK (`make android`).
ANDROID_APK := android/apk/target/apk/giveaway-debug.apk
android-apk: bindings android-tools android-assets
	$(ANDROID_MVN) package -Papk -pl apk -am -Dmaven.test.skip=true -Dgiveaway.lib.dir=$(ANDROID_LIB_DIR)
	@echo "debug APK: $(ANDROID_APK)"

## Native libraries for the Android app (arm64-v8a, armeabi-v7a, x86_64) into its jniLibs, and its Kotlin
## bindings; run by the app's Gradle build. Needs the Android NDK and cargo-ndk, which these machines lack.
ANDROID_JNI := android/app/src/main/jniLibs
ANDROID_BINDINGS_DIR ?= android/app/build/generated/uniffi/kotlin
android:
	@if [ -z "$$ANDROID_NDK_HOME" ] || [ ! -d "$$ANDROID_NDK_HOME" ]; then \
		echo "make android: needs the Android NDK: set ANDROID_NDK_HOME (not found on this machine)." >&2; exit 1; fi
	@if ! cargo ndk --version >/dev/null 2>&1; then \
		echo "make android: needs cargo-ndk (cargo install cargo-ndk) and the Rust targets (rustup target add aarch64-linux-android armv7-linux-androideabi x86_64-linux-android)." >&2; exit 1; fi
	$(CARGO) ndk -t arm64-v8a -t armeabi-v7a -t x86_64 -o $(ANDROID_JNI) build --release -p $(FFI_CRATE)
	$(CARGO) build -p uniffi-bindgen
	rm -rf $(ANDROID_BINDINGS_DIR)
	$(BINDGEN) generate --library $(ANDROID_JNI)/arm64-v8a/lib$(FFI_LIB_NAME).so --language kotlin --config uniffi.toml --no-format --out-dir $(ANDROID_BINDINGS_DIR)

## iOS on macOS with Xcode, XcodeGen and rustup: the core for device and simulators, an XCFramework with the
## C header and module map, fresh Swift bindings, the Xcode project from ios/project.yml, and the app.
IOS_TARGETS := aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios
IOS_OUT := target/ios
ios: $(SHIPPED_TABLES)
	@if [ "$(UNAME)" != Darwin ] || ! command -v xcodebuild >/dev/null 2>&1; then \
		echo "make ios: needs macOS with Xcode (xcodebuild); not found on this machine. 'make test-ios' checks what it can here." >&2; exit 1; fi
	@command -v xcodegen >/dev/null 2>&1 || { echo "make ios: needs XcodeGen (brew install xcodegen)." >&2; exit 1; }
	rustup target add $(IOS_TARGETS)
	for t in $(IOS_TARGETS); do $(CARGO) build --release -p $(FFI_CRATE) --target $$t || exit 1; done
	$(MAKE) ios-bindings
	rm -rf $(IOS_OUT) && mkdir -p $(IOS_OUT)/headers $(IOS_OUT)/sim
	cp $(BINDINGS)/swift/GiveawayCoreFFI.h $(IOS_OUT)/headers/
	cp $(BINDINGS)/swift/GiveawayCoreFFI.modulemap $(IOS_OUT)/headers/module.modulemap
	lipo -create target/aarch64-apple-ios-sim/release/lib$(FFI_LIB_NAME).a target/x86_64-apple-ios/release/lib$(FFI_LIB_NAME).a \
		-output $(IOS_OUT)/sim/lib$(FFI_LIB_NAME).a
	xcodebuild -create-xcframework \
		-library target/aarch64-apple-ios/release/lib$(FFI_LIB_NAME).a -headers $(IOS_OUT)/headers \
		-library $(IOS_OUT)/sim/lib$(FFI_LIB_NAME).a -headers $(IOS_OUT)/headers \
		-output $(IOS_OUT)/GiveawayCoreFFI.xcframework
	cd ios && xcodegen generate
	xcodebuild -project ios/Giveaway.xcodeproj -scheme Giveaway -configuration Debug \
		-destination 'generic/platform=iOS Simulator' -derivedDataPath $(IOS_OUT)/DerivedData CODE_SIGNING_ALLOWED=NO build

## Copies freshly generated Swift bindings into the package (they are committed; test-ios checks they are current).
ios-bindings: bindings
	cp $(BINDINGS)/swift/GiveawayCore.swift ios/Sources/GiveawayCore/GiveawayCore.swift
	cp $(BINDINGS)/swift/GiveawayCoreFFI.h ios/Sources/GiveawayCoreFFI/GiveawayCoreFFI.h

## What can be checked of iOS without a Mac: every Swift file parses (tree-sitter-swift from PyPI, in a venv under
## target/), the String Catalog is complete in en/ru/pt, the committed bindings are current; then the package itself.
IOS_VENV := target/ios-venv
IOS_PY := $(IOS_VENV)/bin/python
$(IOS_PY):
	python3 -m venv $(IOS_VENV)
	$(IOS_VENV)/bin/pip install -q tree-sitter==0.25.2 tree-sitter-swift==0.7.4

test-ios: bindings $(IOS_PY) test-ios-package
	$(IOS_PY) ios/tools/check_ios.py --bindings $(BINDINGS)/swift

## The Swift package compiled and its XCTests run against the host core, and `swiftc -parse` over ios/App: with the
## installed Swift, else (Linux, as root) in a Debian trixie root with swiftlang made once per machine and cached in
## $$GIVEAWAY_SWIFT_ROOT (default /var/cache/giveaway/swift-trixie; about 4 minutes the first time). The online
## tests play against a real game server on loopback (server/tools/test-server.sh), stopped whatever the result.
IOS_SERVER := target/ios-server
test-ios-package: core-lib $(SHIPPED_TABLES)
	ios/tools/online-server.sh start $(IOS_SERVER) && \
		GIVEAWAY_TEST_SERVER=$(CURDIR)/$(IOS_SERVER) ios/tools/swift-root.sh $(CORE_LIB); status=$$?; \
		ios/tools/online-server.sh stop $(IOS_SERVER); exit $$status

## Fuzz the server's frame decoder and the PDN, FEN and move parsers, FUZZ_SECONDS each, one after another on
## nightly (installed with cargo-fuzz from crates.io when missing; not part of `make test`). Each target grows its
## corpus in fuzz/corpus/TARGET (git keeps only the decoder's seeds there), starting from the committed seeds
## (fuzz/seeds/TARGET for the others); a crash, timeout or OOM stops the run with its input in
## fuzz/artifacts/TARGET (`cd fuzz && cargo +nightly fuzz tmin TARGET FILE` shrinks it). Measured runs: README.md,
## "What is verified".
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= protocol_decode pdn_read fen_parse move_parse
FUZZ_ARGS ?= -max_len=8192 -timeout=5 -rss_limit_mb=2048 -print_final_stats=1
fuzz:
	@rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
	@cargo fuzz --version >/dev/null 2>&1 || cargo install cargo-fuzz --locked
	cd fuzz && for t in $(FUZZ_TARGETS); do mkdir -p corpus/$$t && \
		cargo +nightly fuzz run $$t corpus/$$t $$(ls -d seeds/$$t 2>/dev/null) -- $(FUZZ_ARGS) \
			-max_total_time=$(FUZZ_SECONDS) || exit 1; done
