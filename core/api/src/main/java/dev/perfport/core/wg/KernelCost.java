package dev.perfport.core.wg;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * The compute a Java work-group kernel's group does that the device cannot see, declared beside
 * the kernel instead of in its body: operations per group as functions of the group's
 * {@link GroupShape} (its size, position, scalar arguments and constants, never its data). An
 * emulated device charges them when the group's code has returned, as if the kernel had called
 * {@link WorkGroup#ops(Op, long)} as its last statement; other devices ignore them. Work whose
 * amount depends on the data, or that the model must see before a memory access, stays a
 * {@code ops} call in the kernel body.
 *
 * <p>For a static work-group the group's code is its whole task loop, so the cost is charged once
 * per static group.
 *
 * @param terms what each group costs, one term per class of operation and formula
 */
public record KernelCost(List<Term> terms) {
    /** A kernel that declares nothing beyond its body. */
    public static final KernelCost NONE = new KernelCost(List.of());

    /**
     * One class of operation and how many a group does.
     *
     * @param op       the class of operation
     * @param perGroup how many, over the whole group, for a group of this shape
     */
    public record Term(Op op, ToLongFunction<GroupShape> perGroup) {
        /** Checks the parts. */
        public Term {
            Objects.requireNonNull(op);
            Objects.requireNonNull(perGroup);
        }
    }

    /** Copies the terms. */
    public KernelCost {
        terms = List.copyOf(terms);
    }

    /**
     * {@return a cost of one term}
     *
     * @param op       the class of operation
     * @param perGroup how many, over the whole group
     */
    public static KernelCost of(Op op, ToLongFunction<GroupShape> perGroup) {
        return NONE.and(op, perGroup);
    }

    /**
     * {@return this cost and one more term}
     *
     * @param op       the class of operation
     * @param perGroup how many, over the whole group
     */
    public KernelCost and(Op op, ToLongFunction<GroupShape> perGroup) {
        List<Term> l = new ArrayList<>(terms);
        l.add(new Term(op, perGroup));
        return new KernelCost(l);
    }

    /**
     * {@return this cost and {@code perItem} operations of {@code op} for every work-item of the group}
     *
     * @param op      the class of operation
     * @param perItem how many per work-item
     */
    public KernelCost andPerItem(Op op, long perItem) {
        return and(op, g -> perItem * g.localItems());
    }

    /**
     * Charges the terms to a group: what the device does when the group's code has returned.
     *
     * @param g the group that just ran
     */
    public void charge(WorkGroup g) {
        for (Term t : terms) g.ops(t.op(), t.perGroup().applyAsLong(g));
    }
}
