# Giveaway Checkers — one entry point for building, testing and playing.
CARGO ?= cargo

.PHONY: test test-rust play bench perft fuzz

## Everything that can run on this machine.
test: test-rust

test-rust:
	$(CARGO) test --workspace --all-targets

## Play in the terminal.
play:
	$(CARGO) run --release -p giveaway-cli --bin giveaway -- play

## Move-generator speed: perft 11 from the start position.
perft:
	$(CARGO) build --release -p giveaway-cli
	./target/release/giveaway perft 11
	./target/release/giveaway perft 11 --sequences

bench: perft

## Fuzz the text parsers (needs a nightly toolchain and cargo-fuzz; not part of `make test`).
FUZZ_SECONDS ?= 60
fuzz:
	cd fuzz && for t in fen_parse move_parse pdn_read; do \
		cargo +nightly fuzz run $$t -- -max_total_time=$(FUZZ_SECONDS) || exit 1; done
