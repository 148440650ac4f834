"""A saved notebook shows the board where no kernel or widget can run."""

import base64
import re

import nbclient
import nbformat
from nbconvert import HTMLExporter


def test_nbconvert_html_shows_the_board_picture_without_a_kernel():
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from mancala_widgets import KisoloBoard\n"
            "b = KisoloBoard(labels={'south': 'Mbuyi', 'north': '<b>Kanku</b>'})\n"
            "b.play({'type': 'capture', 'column': 3})\n"
            "b"
        )
    ]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbclient.NotebookClient(nb, timeout=120).execute()
    # JupyterLab saves no widget state by default, so readers get the fallback.
    nb.metadata.pop("widgets", None)
    html, _ = HTMLExporter().from_notebook_node(nb)
    assert 'data-mime-type="image/svg+xml"' in html
    encoded = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', html).group(1)
    svg = base64.b64decode(encoded).decode()
    assert "Mbuyi" in svg and "&lt;b&gt;Kanku&lt;/b&gt;" in svg
    assert "Kanku to move" not in svg and "to move" in svg
    assert svg.count('class="count"') == 28
