package dev.perfport.core.launch;

/** How a kernel is launched: an ordinary NDRange, or persistent static work-groups. */
public sealed interface Launch permits NDRange, StaticGroups {

    /** {@return number of dimensions, 1 to 3} */
    int dims();

    /**
     * {@return the local size in dimension {@code d}}
     *
     * @param d the dimension
     */
    long local(int d);

    /** {@return the local size per dimension (a copy)} */
    long[] localSizes();

    /** {@return work-items per work-group} */
    default long localItems() {
        long p = 1;
        for (int d = 0; d < dims(); d++) p *= local(d);
        return p;
    }

    /** {@return work-groups that the device runs at once or in turn: the NDRange's groups, or k} */
    long groupCount();
}
