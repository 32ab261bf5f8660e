"""The classroom: rooms shared between browsers, and a class's tutorial progress.

A shared layer (it names no game): the store (:mod:`.store`, SQLite or PostgreSQL,
chosen by one URL), rooms on top of the engine contract (:mod:`.rooms`), the class's
progress as a teacher sees it (:mod:`.progress`) and the checks of everything a page
sends (:mod:`.checks`).
"""
