/** Shared pieces of the workloads that run on static work-groups (seed 003 §4.2): the k parameter. */
package dev.perfport.workloads.staticwg;
