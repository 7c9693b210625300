/** The all-prefix-sums study of seed 003 (§3.4, Table 5): Harris' three kernels, V1 and Scan⁺ on static work-groups. */
package dev.perfport.workloads.scan;
