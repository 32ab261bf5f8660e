# Shortcuts for dev.py, which needs nothing but Python: `make app`, `make test`, `make bench`.
PYTHON ?= python3

.PHONY: app test bench lint clean
app test bench lint:
	$(PYTHON) dev.py $@

clean:
	rm -rf .venv .pytest_cache .ruff_cache .hypothesis test-artifacts
