package dev.perfport.core.kernel;

/** How a kernel uses a buffer argument; routes may use it to skip copies. */
public enum Access {
    /** The kernel only reads it. */
    READ,
    /** The kernel only writes it. */
    WRITE,
    /** The kernel reads and writes it. */
    READ_WRITE
}
