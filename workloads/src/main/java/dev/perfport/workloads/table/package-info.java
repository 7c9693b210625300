/** A proxy of the Einstein@Home client of seed 003 (§3.2, Table 3): a sin/cos table in local or static local memory. */
package dev.perfport.workloads.table;
