"""Klareco over HTTP: the JSON API and the web page of ``klareco serve`` (``http.py``, with
the page's files in ``static/``)."""
