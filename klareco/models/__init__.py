"""Stage 2: the Tree-LSTM sentence encoder, its vocabulary, training and model files."""
