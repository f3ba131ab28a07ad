from intent_mcp.cli import main

raise SystemExit(main())
