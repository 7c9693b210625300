/**
 * The memory flow controller of an emulated SPE: DMA rules ({@link dev.perfport.backend.cell.mfc.DmaRules}),
 * the timing model of the command queue, tag groups and EIB port ({@link dev.perfport.backend.cell.mfc.MfcTimer}),
 * a usable get/put/list engine ({@link dev.perfport.backend.cell.mfc.Mfc}) and the planner that maps
 * {@code async_work_group_copy} requests of any size and alignment onto commands and lists
 * ({@link dev.perfport.backend.cell.mfc.DmaPlanner}).
 */
package dev.perfport.backend.cell.mfc;
