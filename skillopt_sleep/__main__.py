from skillopt_sleep.cli import main

raise SystemExit(main())
