"""Round to significant figures. Vendored from sigfig-lite 0.3 (MIT License) as shipped: do not
edit; patch around it in unitkit."""

import math


def round_sig(x, digits):
    if x == 0:
        return 0.0
    return round(x, digits - 1 - int(math.floor(math.log10(abs(x)))))
