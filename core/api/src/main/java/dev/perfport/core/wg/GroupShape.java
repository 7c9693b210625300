package dev.perfport.core.wg;

import dev.perfport.core.kernel.Constants;

/**
 * What a work-group is apart from its data: its geometry, its scalar arguments and the kernel's
 * constants. A {@link KernelCost} is a function of this alone, so that it cannot read buffers.
 */
public interface GroupShape {

    /** {@return the number of dimensions of the launch, 1 to 3} */
    int dims();

    /**
     * {@return this group's id in dimension {@code d}} For a static work-group, which logical group the
     * current task stands for is up to the kernel.
     *
     * @param d the dimension
     */
    long groupId(int d);

    /**
     * {@return the number of work-groups in dimension {@code d}}
     *
     * @param d the dimension
     */
    long numGroups(int d);

    /**
     * {@return the local (work-group) size in dimension {@code d}}
     *
     * @param d the dimension
     */
    int localSize(int d);

    /**
     * {@return the global size in dimension {@code d}}
     *
     * @param d the dimension
     */
    long globalSize(int d);

    /** {@return work-items in this group} */
    int localItems();

    /** {@return linear id of this group in the NDRange (x fastest)} */
    long groupLinearId();

    /**
     * {@return how many of this group's work-items have a linear global id below {@code n}} The
     * active items of a one-dimensional kernel that skips ids from {@code n} on.
     *
     * @param n the bound, e.g. the number of elements
     */
    default long itemsBelow(long n) {
        long base = groupLinearId() * localItems();
        return Math.max(0, Math.min(n, base + localItems()) - base);
    }

    /**
     * {@return the value of private int scalar argument {@code arg}}
     *
     * @param arg the argument's position in the definition, from 0
     */
    int intArg(int arg);

    /**
     * {@return the value of private long scalar argument {@code arg}}
     *
     * @param arg the argument's position in the definition, from 0
     */
    long longArg(int arg);

    /**
     * {@return the value of private float scalar argument {@code arg}}
     *
     * @param arg the argument's position in the definition, from 0
     */
    float floatArg(int arg);

    /**
     * {@return the value of private double scalar argument {@code arg}}
     *
     * @param arg the argument's position in the definition, from 0
     */
    double doubleArg(int arg);

    /** {@return the kernel's tuning constants} */
    Constants constants();

    /** {@return k for static launches; the number of groups otherwise} */
    int staticGroupCount();
}
