"""Suites from community posts (ECHO): the posts format, reply threads, the staged LLM pipeline."""
