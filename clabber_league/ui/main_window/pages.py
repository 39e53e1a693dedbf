"""The pages of the window's middle: the welcome, the sheet and the table view's board."""

WELCOME_PAGE, SHEET_PAGE, BOARD_PAGE = 0, 1, 2
