print --color=sometimes
