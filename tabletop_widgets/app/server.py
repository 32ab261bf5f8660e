"""The app's server: Voilà serving the notebooks folder, where the root address opens the
landing page (not Voilà's list of files), and the address to give a class is printed.

Students type the address the teacher writes on the board, ``http://<machine>:8866/``;
that must open the landing page.  Run it as ``python -m tabletop_widgets.app.server
notebooks`` with any Voilà option (``python3 dev.py app`` does); it reads the
repository's ``voila.json`` like ``voila`` itself.
"""

from __future__ import annotations

import contextlib
import socket

from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from voila.app import Voila

__all__ = ["LANDING", "TabletopVoila", "class_addresses", "main"]

#: The landing page, relative to the server's root.
LANDING = "voila/render/index.ipynb"


def class_addresses(port: int) -> list[str]:
    """The addresses other machines on the network can use to reach this one.

    >>> all(a.startswith("http://") for a in class_addresses(8866))
    True
    """
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
            found.append(s.getsockname()[0])
    except OSError:
        pass
    with contextlib.suppress(OSError):
        found += [a for a in socket.gethostbyname_ex(socket.gethostname())[2] if a not in found]
    return [f"http://{a}:{port}/" for a in found if not a.startswith("127.")]


class TabletopVoila(Voila):
    """Voilà with ``/`` redirected to the landing page."""

    def init_handlers(self) -> list:
        handlers = super().init_handlers()
        landing = url_path_join(self.server_url, LANDING)
        return [(self.server_url, RedirectHandler, {"url": landing}), *handlers]

    def start(self) -> None:
        if self.ip not in ("127.0.0.1", "localhost", "::1"):
            addresses = class_addresses(self.port) or [f"http://<this machine>:{self.port}/"]
            print("\nGive your class this address: " + "  or  ".join(addresses) + "\n", flush=True)
        super().start()


main = TabletopVoila.launch_instance

if __name__ == "__main__":
    main()
