import numpy as np

def copy_pieces(out: np.ndarray, at: np.ndarray, valid: np.ndarray,
                pieces: list[tuple[bytes | np.ndarray, np.ndarray | None]]) -> None: ...
