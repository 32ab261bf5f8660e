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
from collections.abc import Callable

from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from voila.app import Voila

__all__ = ["LANDING", "TabletopVoila", "address_lines", "class_addresses", "main"]

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


#: Addresses that only this machine can open.
LOCAL = ("127.0.0.1", "localhost", "::1")
#: Addresses that mean "every network interface of this machine".
EVERY = ("", "0.0.0.0", "::", "*")


def address_lines(ip: str, port: int, found: Callable[[int], list[str]] | None = None) -> list[str]:
    """What the server prints when it starts: the app's address on this machine and, when
    it listens beyond it, the address to give a class (``found(port)``: this machine's
    addresses on the network; default :func:`class_addresses`).

    >>> address_lines("127.0.0.1", 8866)
    ['The app: http://127.0.0.1:8866/ (this machine only)']
    >>> address_lines("0.0.0.0", 8866, found=lambda port: [f"http://192.168.1.20:{port}/"])
    ['The app: http://127.0.0.1:8866/', 'Give your class this address: http://192.168.1.20:8866/']
    >>> address_lines("10.0.0.7", 80)[-1]
    'Give your class this address: http://10.0.0.7:80/'
    """
    if ip in LOCAL or ip.startswith("127."):
        return [f"The app: http://127.0.0.1:{port}/ (this machine only)"]
    if ip in EVERY:
        addresses = (found or class_addresses)(port) or [f"http://<this machine>:{port}/"]
        here = f"http://127.0.0.1:{port}/"
    else:
        host = f"[{ip}]" if ":" in ip else ip
        addresses = [f"http://{host}:{port}/"]
        here = addresses[0]
    return [f"The app: {here}", "Give your class this address: " + "  or  ".join(addresses)]


class TabletopVoila(Voila):
    """Voilà with ``/`` redirected to the landing page."""

    def init_handlers(self) -> list:
        handlers = super().init_handlers()
        landing = url_path_join(self.server_url, LANDING)
        return [(self.server_url, RedirectHandler, {"url": landing}), *handlers]

    def start(self) -> None:
        print("\n" + "\n".join(address_lines(self.ip, self.port)) + "\n", flush=True)
        super().start()


main = TabletopVoila.launch_instance

if __name__ == "__main__":
    main()
