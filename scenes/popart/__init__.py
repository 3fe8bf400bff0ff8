"""Pop Art's 2D Panda3D scene (hand, drag-to-layer, 3 x 3 display, hand-offs, score screens)."""
