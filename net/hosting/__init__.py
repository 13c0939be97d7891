"""hosting"""
