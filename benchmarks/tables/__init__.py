"""Frozen tables the benchmarks read (see README.md here); a package so that installs ship them."""
