"""Simulations and plots."""
