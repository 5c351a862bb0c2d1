"""The bundled Wordle page (HTML/CSS/JS package data) and the server that serves it."""

from autobot.page.server import page_url, serve_page

__all__ = ["page_url", "serve_page"]
