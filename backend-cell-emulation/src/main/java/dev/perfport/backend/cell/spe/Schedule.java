package dev.perfport.backend.cell.spe;

/** How NDRange work-groups are distributed over the compute units (seed 003 §2.1, §2.4). */
public enum Schedule {
    /** Equal contiguous shares, decided before the launch (the paper's base variant). */
    STATIC,
    /**
     * Dynamic, like OpenMP guided: a unit that needs work takes the next chunk of
     * ⌈remaining / (2 × units)⌉ groups, so chunks start large and shrink to one group. Chunks go
     * out in modelled-time order (see {@code COST_MODEL.md}), so a slower unit (the PPE) takes fewer.
     */
    GUIDED;

    public String label() {
        return this == STATIC ? "static equal shares" : "guided dynamic";
    }
}
