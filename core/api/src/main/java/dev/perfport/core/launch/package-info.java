/** Launches (NDRange, static work-groups with a task mapping) and their validation before anything runs. */
package dev.perfport.core.launch;
