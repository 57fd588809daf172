/**
 * Statement shapes: SQL with its literals and bound values taken out, so that the statements a test
 * sends can be grouped, counted by kind and checked for repeats (N+1).
 */
package dev.dbit.internal.shape;
