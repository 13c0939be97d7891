"""Each game's prompts: what its phases ask and the controls that answer them."""
