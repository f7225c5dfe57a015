"""The foundation every process stands on: settings, logging, metrics and the embedded Redis. Imports
no other project package.
"""
