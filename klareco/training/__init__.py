"""Training and fitting, after the engine they improve: the Tree-LSTM encoder
(``encoder``), the training questions made from corpus sentences (``questions``), the model
card (``card``) and the answer-confidence model (``confidence``). Nothing before this package
imports it."""
