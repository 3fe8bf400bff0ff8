"""The 3D table scene: pieces, bases and table from physics snapshots, a HUD, and the camera."""
