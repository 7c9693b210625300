/** Results: the row format every run produces, timing profiles and event counters. */
package dev.perfport.core.result;
