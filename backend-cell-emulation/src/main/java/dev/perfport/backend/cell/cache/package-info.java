/**
 * The software cache model: set-associative LRU tag store for global and constant memory reached
 * by plain loads and stores (seed 003 β/γ), bypassed by asynchronous copies (δ).
 */
package dev.perfport.backend.cell.cache;
