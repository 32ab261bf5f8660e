"""The catalogs: ``<lang>/LC_MESSAGES/tabletop_widgets.po`` (translated by people, the
glossary ``<lang>/glossary.md`` beside it) and the compiled ``.mo`` the package reads;
``tools`` extracts, updates and compiles them (``python3 dev.py i18n``)."""
