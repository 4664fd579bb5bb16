"""The canvas the round boards draw on: text centred on a point, cropped at the edges."""

from assistant.widgets.canvas import Canvas


def test_text_is_centred_on_its_point_and_cropped_at_the_edges():
    canvas = Canvas(3, 1)
    canvas.put((0, 0), "abc")
    canvas.put((3, -1), "xyz")  # its last letter past the right edge
    canvas.put((0, 2), "lost")  # below the picture
    assert [line.plain for line in canvas.lines()] == ["     xy", "  abc  ", "       "]
