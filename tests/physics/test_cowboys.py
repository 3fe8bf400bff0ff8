"""Where Nashville's cowboys stand: the rule the match keeps and `replay watch` rebuilds (each
seat's last shot, else the default), and the standing poses the windows draw."""
from __future__ import annotations

import math

import pytest

from physics.catalogue import extent
from physics.cowboys import cowboy_poses, opening_spots, spots_after_shot
from physics.layout import TableLayout
from physics.shots import cowboy_spot_position, default_spots


def test_a_city_opens_with_the_default_spots_and_shared_bases_have_none():
    seats = TableLayout.for_seats(3)
    assert opening_spots(seats) == default_spots(seats) and len(opening_spots(seats)) == 3
    assert opening_spots(TableLayout.common(1, 3)) == ()


@pytest.mark.parametrize("spots, shooter, spot, after", [
    ((150.0, -30.0), 0, 120.0, (120.0, -30.0)),        # the shooter's cowboy stays where it shot from
    ((150.0, -30.0), 1, 300.0, (150.0, 300.0)),
    ((120.0, 300.0, 10.0), 2, 10.0, (120.0, 300.0, 10.0)),
    ((), 0, 90.0, ()),                                 # no cowboys (shared bases): nothing to move
    ((150.0, -30.0), 5, 90.0, (150.0, -30.0)),         # a seat with no cowboy moves none
])
def test_after_a_shot_only_the_shooters_spot_changes(spots, shooter, spot, after):
    assert spots_after_shot(spots, shooter, spot) == after


def test_every_cowboy_stands_upright_on_the_table_at_its_spot():
    layout = TableLayout.for_seats(2)
    poses = cowboy_poses(layout, (100.0, 250.0))
    assert sorted(poses) == ["cowboy-1", "cowboy-2"]
    for seat, spot in enumerate((100.0, 250.0)):
        (x, y, z), quat = poses[f"cowboy-{seat + 1}"]
        assert math.dist((x, y), cowboy_spot_position(layout, seat, spot)) < 1e-12
        assert quat == (0.0, 0.0, 0.0, 1.0)
        assert 0.0 < z + float(extent(f"cowboy-{seat + 1}")[0][2]) < 0.001     # its foot just above the table
