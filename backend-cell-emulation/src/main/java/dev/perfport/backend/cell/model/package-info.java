/**
 * The emulator's cost model: its constants ({@link dev.perfport.backend.cell.model.Cost},
 * {@link dev.perfport.backend.cell.model.CostModel}), the per-unit accounting
 * ({@link dev.perfport.backend.cell.model.UnitModel}), the per-SPE timeline that overlaps several
 * work-groups in flight ({@link dev.perfport.backend.cell.model.Timeline}) and the launch-level
 * combination into modelled time and counters ({@link dev.perfport.backend.cell.model.LaunchModel}).
 * {@code COST_MODEL.md} in the module documents every constant.
 */
package dev.perfport.backend.cell.model;
