"""The classroom: rooms shared between browsers, and a class's tutorial progress.

A shared layer (it names no game).  Each page has its own kernel, so everything lives
in a **store** that every kernel reads and writes (:mod:`.store`); rooms are built on
it with the engine contract (:mod:`.rooms`); the teacher's view of a class is
:mod:`.progress`; everything a page sends is checked by :mod:`.checks`.

For the pages::

    from tabletop_widgets.classroom import Classroom
    room = Classroom()                                    # the store the setting names
    view = room.open_room("chinese_ten", {"players": 3}, seats=["open", "open", "easy"])
    view.code                                             # give it to the class
    me = room.join(code, "Ann")                           # or room.rejoin(token)
    me.token                                              # keep it in the browser
    me.on_change(schedule_refresh)                        # from the store's watch thread
    me.refresh(); board.show(me.game, me.seat)            # on the page's own thread
    me.play(move, turn=tagged_turn)                       # checked, written, bots follow
    room.watch(code)                                      # the projector: seat None
    student = room.join_class(code, "Ann"); student.report("chinese_ten", 2, "Tens", wrong=1)
    room.grid(code); room.export_csv(code); room.clear_progress(code)

Refusals are :class:`RoomError` (a sentence to show; :class:`TurnTaken` when another
move took the turn) or the engine's :class:`~tabletop_widgets.core.IllegalMoveError`
(naming the rule); nothing changes on a refusal.

**Choosing the store.**  ``TABLETOP_CLASSROOM`` holds its URL; without it the store
is the SQLite file ``classroom.sqlite`` in ``TABLETOP_DATA`` (else in
``~/.local/share/tabletop-widgets``).  Every kernel of the class must see the same
store: on one machine the SQLite file does (nothing to install).  Not on a network
file system (NFS home folders): SQLite's WAL mode needs one machine's shared memory;
use PostgreSQL there.

**JupyterHub** (each student's server in its own container or pod): run a
PostgreSQL server the pods can reach, make a database and a user for it (the tables
are made on first use), install the project with ``pip install
"tabletop-widgets[app,postgres]"`` and give every user server the URL, e.g. in
``jupyterhub_config.py``::

    c.Spawner.environment = {
        "TABLETOP_CLASSROOM": "postgresql://tabletop:SECRET@db.example.internal/tabletop",
    }

(on Zero to JupyterHub: ``singleuser.extraEnv.TABLETOP_CLASSROOM``).  Students'
kernels can read the URL, so give that database user rights on that database only.
"""

from .checks import RoomError, TurnTaken
from .rooms import Classroom, Player, RoomView, Student
from .store import Store, default_url, open_store

__all__ = [
    "Classroom",
    "Player",
    "RoomError",
    "RoomView",
    "Store",
    "Student",
    "TurnTaken",
    "default_url",
    "open_store",
]
