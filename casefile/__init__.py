"""casefile: the NLRB post-election procedure, from the tally of ballots to certification or rerun."""

__version__ = "0.1.0"
