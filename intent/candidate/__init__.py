"""Candidate text -> checked candidate object (or explicit format feedback)."""

from intent.candidate.parse import CandidateProblems, parse_candidate

__all__ = ["CandidateProblems", "parse_candidate"]
