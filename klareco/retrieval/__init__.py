"""Retrieval: keywords from the question's AST, stage 1 (BM25 over roots)."""
