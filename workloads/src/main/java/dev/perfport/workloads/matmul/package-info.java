/**
 * The matrix multiplication studies of seed 003: α–ε on n×n matrices (§3.1, Table 2) and the
 * static-work-group overhead of β on rectangular matrices (§3.5, Fig. 9).
 */
package dev.perfport.workloads.matmul;
