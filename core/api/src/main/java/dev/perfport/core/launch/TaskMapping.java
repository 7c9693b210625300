package dev.perfport.core.launch;

/** How tasks are handed to static work-groups (seed 003 §4.2). */
public enum TaskMapping {
    /** Group g runs the contiguous block [g*T/k, (g+1)*T/k). */
    BLOCKED,
    /** Group g runs tasks g, g+k, g+2k, ... */
    CYCLIC,
    /** Groups take the next task from an atomically incremented global counter. */
    DYNAMIC
}
