package dev.perfport.core.kernel;

/** How a kernel uses a buffer argument; routes may use it to skip copies. */
public enum Access {
    READ, WRITE, READ_WRITE
}
