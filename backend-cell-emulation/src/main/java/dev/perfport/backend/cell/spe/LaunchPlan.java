package dev.perfport.backend.cell.spe;

import dev.perfport.backend.cell.model.CostModel;
import dev.perfport.backend.cell.model.LinkWindows;

/**
 * How a launch is to run and be modelled, decided by the session before it starts.
 *
 * @param spes           SPE workers of the pool
 * @param ppe            the pool has a PPE worker (unit index {@code spes})
 * @param speEligible    a work-group fits an SPE's local store; when false only the PPE takes groups
 * @param schedule       NDRange distribution
 * @param groupsInFlight work-groups in progress per SPE (PP_GROUPS_IN_FLIGHT; 1 for static work-groups)
 * @param cost           the cost model
 * @param cache          plain global accesses go through a modelled cache (and are traced)
 * @param speCacheBytes  the software cache each SPE gets for this launch (0: none fits, accesses are uncached DMAs)
 * @param cacheLineBytes software-cache line
 * @param cacheWays      software-cache associativity
 * @param link           main-memory ranges across the host link (mapped buffers of a transfer strategy)
 */
public record LaunchPlan(int spes, boolean ppe, boolean speEligible, Schedule schedule, int groupsInFlight,
                         CostModel cost, boolean cache, long speCacheBytes, int cacheLineBytes, int cacheWays,
                         LinkWindows link) {

    public LaunchPlan {
        if (spes < 1) throw new IllegalArgumentException("spes must be >= 1, got " + spes);
        if (!speEligible && !ppe) throw new IllegalArgumentException("no compute unit can run this launch");
        if (groupsInFlight < 1) throw new IllegalArgumentException("groups in flight must be >= 1, got " + groupsInFlight);
        if (link == null) link = LinkWindows.NONE;
    }

    /** The v1 behaviour: static shares, one group in flight, no cache, default costs. */
    public static LaunchPlan basic(int spes) {
        return new LaunchPlan(spes, false, true, Schedule.STATIC, 1, CostModel.DEFAULT, false, 0, 128, 4, LinkWindows.NONE);
    }

    /** Units that take groups, in order: the SPEs (if a group fits them), then the PPE. */
    int[] eligibleUnits() {
        int n = (speEligible ? spes : 0) + (ppe ? 1 : 0);
        int[] u = new int[n];
        int i = 0;
        if (speEligible) for (int s = 0; s < spes; s++) u[i++] = s;
        if (ppe) u[i] = spes;
        return u;
    }

    /** Threads in the pool. */
    int threads() {
        return spes + (ppe ? 1 : 0);
    }

    boolean isPpe(int unit) {
        return ppe && unit == spes;
    }

    /** Counter name of a unit: {@code spe<i>} or {@code ppe}. */
    String unitName(int unit) {
        return isPpe(unit) ? "ppe" : "spe" + unit;
    }
}
