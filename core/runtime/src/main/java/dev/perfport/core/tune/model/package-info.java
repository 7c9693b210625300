/**
 * The partial performance models of seed 000 §4, fitted by least squares to measured times, each
 * reporting its fitted constants and R²: Eq. 3 (block transfers), Eq. 5 (vectorisation) and
 * Eq. 8 (scaling over work-groups, the effective compute-unit count).
 */
package dev.perfport.core.tune.model;
